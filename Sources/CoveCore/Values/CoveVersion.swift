public enum CoveVersion {
    public static let string = "0.1.0"
}
