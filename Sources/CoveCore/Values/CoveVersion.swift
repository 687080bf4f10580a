public enum CoveVersion {
    public static let string = "0.2.0"
}
