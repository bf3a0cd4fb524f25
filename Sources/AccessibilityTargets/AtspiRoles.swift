import CATSPI

/// RoleMap's targets by AT-SPI role number, for the roles an application
/// reports as numbers (GetRole, Collection match rules). Built once from
/// libatspi's own role names, so RoleMap stays the one list.
enum AtspiRoles {
    static let byNumber: [UInt32: RoleMap.Target] = {
        var out: [UInt32: RoleMap.Target] = [:]
        for n in 0..<UInt32(ATSPI_ROLE_LAST_DEFINED.rawValue) {
            guard let name = ap_role_name_of(n) else { continue }
            out[n] = RoleMap.target(forRole: String(cString: name))
            g_free(name)
        }
        return out
    }()

    static func numbers(_ wanted: Set<RoleMap.Target>) -> [UInt32] {
        byNumber.filter { wanted.contains($0.value) }.map(\.key).sorted()
    }

    /// What a Collection scan asks an application for.
    static let targets = numbers([.control, .text, .toolBar])
    static let controls = numbers([.control])
    static let scrollBar = UInt32(ATSPI_ROLE_SCROLL_BAR.rawValue)
}
