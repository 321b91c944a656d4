public enum ClientPlaceholder {}
