print("cove")
