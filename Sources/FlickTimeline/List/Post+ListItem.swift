import FlickList

/// A post is a list item: its id, and its content hash as the version.
extension Post: ListItem {
    public var version: UInt64 { contentVersion }
}
