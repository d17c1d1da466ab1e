package media

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/zabano/zabano"
)

// Disk stores files in a folder of the local disk.
type Disk struct {
	Dir string
}

var msgFileNotFound = zabano.Msg{En: "File not found.", Fa: "فایل یافت نشد."}

// Put implements Store. It writes to a temporary file and renames it into
// place, so a reader never sees half a file and a failed upload leaves nothing.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader) error {
	if !ValidKey(key) {
		return errors.New("media: invalid key " + key)
	}
	path := filepath.Join(d.Dir, filepath.FromSlash(key))
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".upload-*")
	if err != nil {
		return err
	}
	_, err = io.Copy(tmp, r)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

type diskFile struct {
	*os.File
	size int64
}

func (f diskFile) Size() int64 { return f.size }

// Open implements Store.
func (d *Disk) Open(ctx context.Context, key string) (File, error) {
	if !ValidKey(key) {
		return nil, zabano.Errorf(zabano.ENOTFOUND, msgFileNotFound)
	}
	f, err := os.Open(filepath.Join(d.Dir, filepath.FromSlash(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, zabano.Errorf(zabano.ENOTFOUND, msgFileNotFound)
	} else if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return diskFile{f, info.Size()}, nil
}

// Delete implements Store; deleting a missing file is not an error.
func (d *Disk) Delete(ctx context.Context, key string) error {
	if !ValidKey(key) {
		return nil
	}
	err := os.Remove(filepath.Join(d.Dir, filepath.FromSlash(key)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
