// Package web holds the React app; its build output in dist is embedded in the binary.
package web

import (
	"embed"
	"io/fs"
)

// dist is the built app. The folder keeps a .gitkeep so that the Go code
// builds before the app does; the server then says the app is not built.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the built app's files, index.html at the root.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}
