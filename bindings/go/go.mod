module example.invalid/memscribe

go 1.19
