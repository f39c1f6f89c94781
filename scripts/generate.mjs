console.log("generate: todo")
