import CXCB
import Foundation

/// The monitors' refresh rates from RandR: frames are paced to them (plain X
/// has no frame callback).
enum RefreshRate {
    /// A mode's refresh rate (Hz), nil when the mode does not say (Xvfb's modes
    /// have no timings) or says something implausible.
    static func hz(dotClock: UInt32, hTotal: UInt16, vTotal: UInt16, flags: UInt32) -> Double? {
        var lines = Double(vTotal)
        if flags & UInt32(XCB_RANDR_MODE_FLAG_DOUBLE_SCAN.rawValue) != 0 { lines *= 2 }
        if flags & UInt32(XCB_RANDR_MODE_FLAG_INTERLACE.rawValue) != 0 { lines /= 2 }
        guard dotClock > 0, hTotal > 0, lines > 0 else { return nil }
        let hz = Double(dotClock) / (Double(hTotal) * lines)
        return hz >= 20 && hz <= 1000 ? hz : nil
    }

    /// Of the CRTCs showing part of `monitor`, the highest refresh rate.
    static func of(_ monitor: Monitor, crtcs: [(x: Int, y: Int, width: Int, height: Int, hz: Double)]) -> Double? {
        crtcs.filter {
            $0.x < monitor.x + monitor.width && monitor.x < $0.x + $0.width
                && $0.y < monitor.y + monitor.height && monitor.y < $0.y + $0.height
        }.map(\.hz).max()
    }
}

extension XCBConnection {
    /// Active CRTCs with a mode that states its refresh rate (root pixels, Hz).
    func crtcRefreshRates() -> [(x: Int, y: Int, width: Int, height: Int, hz: Double)] {
        guard
            let res = xcb_randr_get_screen_resources_current_reply(
                raw, xcb_randr_get_screen_resources_current(raw, root), nil)
        else { return [] }
        defer { free(res) }
        var rates: [UInt32: Double] = [:]
        if let modes = xcb_randr_get_screen_resources_current_modes(res) {
            for i in 0..<Int(xcb_randr_get_screen_resources_current_modes_length(res)) {
                let m = modes[i]
                rates[m.id] = RefreshRate.hz(
                    dotClock: m.dot_clock, hTotal: m.htotal, vTotal: m.vtotal, flags: m.mode_flags)
            }
        }
        var out: [(x: Int, y: Int, width: Int, height: Int, hz: Double)] = []
        guard let crtcs = xcb_randr_get_screen_resources_current_crtcs(res) else { return [] }
        for i in 0..<Int(xcb_randr_get_screen_resources_current_crtcs_length(res)) {
            guard
                let info = xcb_randr_get_crtc_info_reply(
                    raw, xcb_randr_get_crtc_info(raw, crtcs[i], res.pointee.config_timestamp), nil)
            else { continue }
            defer { free(info) }
            let c = info.pointee
            guard c.mode != 0, let hz = rates[c.mode] else { continue }
            out.append((Int(c.x), Int(c.y), Int(c.width), Int(c.height), hz))
        }
        return out
    }
}
