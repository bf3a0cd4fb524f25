import Foundation

/// The output scale: `--scale` when given, else Xft.dpi / 96 from the root
/// window's RESOURCE_MANAGER (what GTK and Qt read), else 1.
public enum DisplayScale {
    public static func fromResources(_ resources: String?) -> Double? {
        guard let resources else { return nil }
        for line in resources.split(whereSeparator: \.isNewline) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi" else { continue }
            if let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi > 0 { return dpi / 96 }
        }
        return nil
    }
}
