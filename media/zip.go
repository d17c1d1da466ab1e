package media

import (
	"bytes"
	"encoding/binary"
)

// ZIP records (APPNOTE.TXT 4.3): the end of central directory record, which
// ends the file but for a comment, and the central directory's entries.
const (
	zipEndSig     = "PK\x05\x06"
	zipEndLen     = 22
	zipMaxComment = 0xffff
	zipEntrySig   = "PK\x01\x02"
	zipEntryLen   = 46
)

// zipHolds reports whether file, a whole ZIP, names every one of names in its
// central directory. Nothing is inflated and nothing is allocated per entry:
// the end record says where the directory is, and the entries' names are
// compared where they lie. An archive that needs ZIP64 (over 4 GB, or 65,535
// entries) does not hold them, which no accepted file is.
func zipHolds(file []byte, names ...string) bool {
	tail := file[max(0, len(file)-zipEndLen-zipMaxComment):]
	i := bytes.LastIndex(tail, []byte(zipEndSig))
	if i < 0 || len(tail)-i < zipEndLen {
		return false
	}
	end := tail[i:]
	entries := int(binary.LittleEndian.Uint16(end[10:]))
	size := int64(binary.LittleEndian.Uint32(end[12:]))
	offset := int64(binary.LittleEndian.Uint32(end[16:]))
	if offset+size > int64(len(file)) {
		return false
	}
	dir := file[offset : offset+size]
	missing := map[string]bool{}
	for _, n := range names {
		missing[n] = true
	}
	for range entries {
		if len(dir) < zipEntryLen || string(dir[:4]) != zipEntrySig {
			return false
		}
		nameLen := int(binary.LittleEndian.Uint16(dir[28:]))
		next := zipEntryLen + nameLen + int(binary.LittleEndian.Uint16(dir[30:])) + int(binary.LittleEndian.Uint16(dir[32:]))
		if len(dir) < next {
			return false
		}
		delete(missing, string(dir[zipEntryLen:zipEntryLen+nameLen]))
		dir = dir[next:]
	}
	return len(missing) == 0
}
