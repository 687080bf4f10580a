public enum CoveCorePlaceholder {}
