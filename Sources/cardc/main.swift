import CardDriver

// Thin entry point: everything lives in CardDriver so tests can run commands in-process.
Driver.main()
