// `import Flick` is the one import a client needs: geometry and colours, the canvas a kind
// draws into, text layout, the image requests cells declare, and the list engine's public
// types come with it.
@_exported import FlickCore
@_exported import FlickImage
@_exported import FlickList
@_exported import FlickRaster
@_exported import FlickText
