/// Buttons side by side in one container, equally tall, with no gap between
/// them (a row a toolkit did not call a tool bar) become one group, so the
/// pointer moves from one to the next without falling back to the circle.
/// Pure: the same rule for the tree walk and the Collection scan.
enum RowGrouping {
    /// Groups the contiguous runs among `indexes` (controls of one parent,
    /// into `elements`), naming each group after `parent` and its first member.
    static func group(_ elements: inout [AccessibleElement], indexes: [Int], parent: String) {
        guard indexes.count >= 2 else { return }
        let sorted = indexes.sorted { elements[$0].frame.minX < elements[$1].frame.minX }
        var run: [Int] = [sorted[0]]
        func close() {
            // Named after its first member, so the name survives other changes in the window.
            let first = elements[run[0]].id.split(separator: ".").last.map(String.init) ?? "\(run[0])"
            if run.count >= 2 { for i in run { elements[i].group = "row.\(parent).\(first)" } }
        }
        for i in sorted.dropFirst() {
            let a = elements[run[run.count - 1]].frame
            let b = elements[i].frame
            if abs(a.minY - b.minY) <= 1 && abs(a.height - b.height) <= 1 && b.minX - a.maxX <= 2
                && b.minX - a.maxX >= -1
            {
                run.append(i)
            } else {
                close()
                run = [i]
            }
        }
        close()
    }
}
