module example.com/tablekeys

go 1.22
