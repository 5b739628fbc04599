import Kiln

/// Images of the database without rows at successive versions (``SQLiteConnection/serializedDatabase()``), kept
/// within a memory budget: every version while they fit, then every second one, every fourth, … (the images of
/// versions that are multiples of a stride that doubles each time the budget is exceeded). A version without its
/// own image is rebuilt from the nearest one below it (``UpgradeSchemaWalk/database(at:_:)``), so a smaller budget
/// costs migrations, never a different database.
struct UpgradeSchemaImages {
    /// The most bytes the images hold together: a long history's schema grows with its versions, and so would a
    /// copy at each of them.
    let budget: Int
    /// Only versions that are multiples of it keep an image.
    private(set) var stride: Int32 = 1
    private var images: [Int32: [UInt8]] = [:]
    private(set) var byteCount = 0

    /// No images yet, at most `budget` bytes of them.
    init(budget: Int) { self.budget = budget }

    /// Keeps `image`, the database at `version`, when the stride allows it, thinning the images out while they
    /// exceed the budget (the newest is kept when it alone exceeds it).
    mutating func keep(_ image: [UInt8], at version: Int32) {
        guard version % stride == 0 else { return }
        images[version] = image
        byteCount += image.count
        while byteCount > budget && images.count > 1 {
            stride *= 2
            for (kept, bytes) in images where kept % stride != 0 && kept != version {
                images[kept] = nil
                byteCount -= bytes.count
            }
            if images.count == 1 { break }
        }
    }

    /// The image of the highest version at or below `version` that has one.
    ///
    /// - Returns: that version and its image; nil when none is that low.
    func nearest(atOrBelow version: Int32) -> (version: Int32, image: [UInt8])? {
        guard let found = images.keys.filter({ $0 <= version }).max(), let image = images[found] else { return nil }
        return (found, image)
    }
}
