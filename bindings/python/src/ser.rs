//! A serde `Serializer` that builds Python objects directly: dicts (in
//! serialization order, so the keys come out exactly as in the NDJSON),
//! lists, str, int, float, bool and None. Faster than formatting JSON and
//! decoding it again, and exact: the same `Serialize` impls drive both.

use std::fmt;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString};
use serde::ser::{self, Serialize};

/// Struct field names, made into Python strings once per conversion.
pub(crate) type Keys<'py> = std::cell::RefCell<std::collections::HashMap<usize, Bound<'py, PyString>>>;

#[derive(Clone, Copy)]
pub(crate) struct PySer<'py, 'k>(pub Python<'py>, pub &'k Keys<'py>);

fn key<'py>(py: Python<'py>, keys: &Keys<'py>, name: &'static str) -> Bound<'py, PyString> {
    keys.borrow_mut().entry(name.as_ptr() as usize).or_insert_with(|| PyString::intern(py, name)).clone()
}

#[derive(Debug)]
pub(crate) struct Error(pub PyErr);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Error(pyo3::exceptions::PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Error {
    fn from(e: PyErr) -> Self {
        Error(e)
    }
}

type Obj<'py> = Bound<'py, PyAny>;

pub(crate) struct Seq<'py, 'k> {
    py: Python<'py>,
    keys: &'k Keys<'py>,
    items: Vec<Obj<'py>>,
}

pub(crate) struct Map<'py, 'k> {
    py: Python<'py>,
    keys: &'k Keys<'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Obj<'py>>,
    /// For struct and tuple variants: `{variant: <this>}`.
    variant: Option<&'static str>,
}

impl<'py, 'k> Map<'py, 'k> {
    fn new(py: Python<'py>, keys: &'k Keys<'py>, variant: Option<&'static str>) -> Self {
        Map { py, keys, dict: PyDict::new(py), key: None, variant }
    }

    fn done(self) -> Result<Obj<'py>, Error> {
        let inner = self.dict.into_any();
        match self.variant {
            None => Ok(inner),
            Some(v) => {
                let outer = PyDict::new(self.py);
                outer.set_item(key(self.py, self.keys, v), inner)?;
                Ok(outer.into_any())
            }
        }
    }
}

impl<'py, 'k> ser::Serializer for PySer<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    type SerializeSeq = Seq<'py, 'k>;
    type SerializeTuple = Seq<'py, 'k>;
    type SerializeTupleStruct = Seq<'py, 'k>;
    type SerializeTupleVariant = Seq<'py, 'k>;
    type SerializeMap = Map<'py, 'k>;
    type SerializeStruct = Map<'py, 'k>;
    type SerializeStructVariant = Map<'py, 'k>;

    fn serialize_bool(self, v: bool) -> Result<Obj<'py>, Error> {
        Ok(PyBool::new(self.0, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Result<Obj<'py>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Obj<'py>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Obj<'py>, Error> {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Obj<'py>, Error> {
        Ok(PyInt::new(self.0, v).into_any())
    }
    fn serialize_u8(self, v: u8) -> Result<Obj<'py>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Obj<'py>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Obj<'py>, Error> {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Obj<'py>, Error> {
        Ok(PyInt::new(self.0, v).into_any())
    }
    fn serialize_f32(self, v: f32) -> Result<Obj<'py>, Error> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<Obj<'py>, Error> {
        Ok(PyFloat::new(self.0, v).into_any())
    }
    fn serialize_char(self, v: char) -> Result<Obj<'py>, Error> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Obj<'py>, Error> {
        Ok(PyString::new(self.0, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Obj<'py>, Error> {
        let items: Vec<Obj<'py>> = v.iter().map(|b| PyInt::new(self.0, *b).into_any()).collect();
        Ok(PyList::new(self.0, items)?.into_any())
    }
    fn serialize_none(self) -> Result<Obj<'py>, Error> {
        Ok(self.0.None().into_bound(self.0))
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<Obj<'py>, Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Obj<'py>, Error> {
        self.serialize_none()
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Obj<'py>, Error> {
        self.serialize_none()
    }
    fn serialize_unit_variant(self, _name: &'static str, _i: u32, variant: &'static str) -> Result<Obj<'py>, Error> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _name: &'static str, value: &T) -> Result<Obj<'py>, Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _name: &'static str,
        _i: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Obj<'py>, Error> {
        let d = PyDict::new(self.0);
        d.set_item(key(self.0, self.1, variant), value.serialize(self)?)?;
        Ok(d.into_any())
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Seq<'py, 'k>, Error> {
        Ok(Seq { py: self.0, keys: self.1, items: Vec::with_capacity(len.unwrap_or(0)) })
    }
    fn serialize_tuple(self, len: usize) -> Result<Seq<'py, 'k>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Seq<'py, 'k>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(self, _n: &'static str, _i: u32, _v: &'static str, len: usize) -> Result<Seq<'py, 'k>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Map<'py, 'k>, Error> {
        Ok(Map::new(self.0, self.1, None))
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Map<'py, 'k>, Error> {
        Ok(Map::new(self.0, self.1, None))
    }
    fn serialize_struct_variant(self, _n: &'static str, _i: u32, variant: &'static str, _len: usize) -> Result<Map<'py, 'k>, Error> {
        Ok(Map::new(self.0, self.1, Some(variant)))
    }
}

impl<'py, 'k> Seq<'py, 'k> {
    fn push<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.items.push(value.serialize(PySer(self.py, self.keys))?);
        Ok(())
    }
    fn done(self) -> Result<Obj<'py>, Error> {
        Ok(PyList::new(self.py, self.items)?.into_any())
    }
}

impl<'py, 'k> ser::SerializeSeq for Seq<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeTuple for Seq<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeTupleStruct for Seq<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeTupleVariant for Seq<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        self.push(value)
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeMap for Map<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Error> {
        self.key = Some(key.serialize(PySer(self.py, self.keys))?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Error> {
        let key = self.key.take().ok_or_else(|| <Error as ser::Error>::custom("map value without a key"))?;
        self.dict.set_item(key, value.serialize(PySer(self.py, self.keys))?)?;
        Ok(())
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeStruct for Map<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, key: &'static str, value: &T) -> Result<(), Error> {
        self.dict.set_item(key, value.serialize(PySer(self.py, self.keys))?)?;
        Ok(())
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}

impl<'py, 'k> ser::SerializeStructVariant for Map<'py, 'k> {
    type Ok = Obj<'py>;
    type Error = Error;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result<(), Error> {
        self.dict.set_item(key(self.py, self.keys, name), value.serialize(PySer(self.py, self.keys))?)?;
        Ok(())
    }
    fn end(self) -> Result<Obj<'py>, Error> {
        self.done()
    }
}
