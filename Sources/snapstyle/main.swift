print("snapstyle")
