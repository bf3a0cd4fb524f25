import CXCB
import Foundation

/// What `capture` needs from the X server without opening an overlay: the
/// stacked top-level windows and the screen's size.
public enum DesktopWindows {
    public static func read(display: String? = nil) throws -> (stack: [StackedWindow], width: Int, height: Int) {
        let connection = try XCBConnection(display: display)
        return (
            connection.stackedWindows(excluding: []), Int(connection.screen.width_in_pixels),
            Int(connection.screen.height_in_pixels)
        )
    }
}
