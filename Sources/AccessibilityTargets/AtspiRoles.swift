import CATSPIRuntime

/// RoleMap's targets by AT-SPI role number, for the roles an application
/// reports as numbers (GetRole, Collection match rules). Built once from
/// libatspi's own role names, so RoleMap stays the one list.
enum AtspiRoles {
    static let byNumber: [UInt32: RoleMap.Target] = {
        var out: [UInt32: RoleMap.Target] = [:]
        for n in 0..<ap_role_count {
            guard let name = ap_role_name_of(n) else { continue }
            out[n] = RoleMap.target(forRole: String(cString: name))
            ap_free(name)
        }
        return out
    }()

    static func numbers(_ wanted: Set<RoleMap.Target>) -> [UInt32] {
        byNumber.filter { wanted.contains($0.value) }.map(\.key).sorted()
    }

    /// What a Collection scan asks an application for.
    static let targets = numbers([.control, .text, .toolBar])
    static let controls = numbers([.control])
    static let scrollBar = ap_role_scroll_bar
}
