package datasets

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
)

func TestReadIDXRoundTrip(t *testing.T) {
	data := []byte{0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255}
	raw := idxBytes(t, []int{3, 2, 2}, data)
	for name, b := range map[string][]byte{"plain": raw, "gzip": gz(t, raw)} {
		idx, err := ReadIDX(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(idx.Dims) != 3 || idx.Dims[0] != 3 || idx.Dims[1] != 2 || idx.Dims[2] != 2 || !bytes.Equal(idx.Data, data) {
			t.Errorf("%s: got %v %v", name, idx.Dims, idx.Data)
		}
	}
}

func TestReadIDXErrors(t *testing.T) {
	good := idxBytes(t, []int{2, 3}, []byte{1, 2, 3, 4, 5, 6})
	gzGood := gz(t, good)
	corrupt := bytes.Clone(gzGood)
	for i := 12; i < len(corrupt)-8; i++ {
		corrupt[i] ^= 0x55
	}
	badCRC := bytes.Clone(gzGood)
	badCRC[len(badCRC)-6] ^= 0xff
	huge := []byte{0, 0, 8, 3, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 28}
	cases := []struct {
		name string
		in   []byte
		want error
		msg  string
	}{
		{"empty", nil, ErrFormat, "too short"},
		{"short magic", []byte{0, 0}, ErrFormat, "too short"},
		{"wrong magic", append([]byte{0x12, 0x34}, good[2:]...), ErrFormat, "not IDX"},
		{"text file", []byte("<html>not found</html>"), ErrFormat, "not IDX"},
		{"float type", append([]byte{0, 0, 0x0d, 2}, good[4:]...), ErrFormat, "type 0x0d"},
		{"zero dims", []byte{0, 0, 8, 0}, ErrFormat, "0 dimensions"},
		{"nine dims", []byte{0, 0, 8, 9}, ErrFormat, "9 dimensions"},
		{"short dims", []byte{0, 0, 8, 2, 0, 0, 0, 2, 0}, ErrFormat, "too short"},
		{"truncated payload", good[:len(good)-1], ErrFormat, "only 5 bytes"},
		{"trailing data", append(bytes.Clone(good), 7), ErrFormat, "data after"},
		{"dims do not match payload", append([]byte{0, 0, 8, 2, 0, 0, 0, 3, 0, 0, 0, 3}, good[12:]...), ErrFormat, "only 6 bytes"},
		{"absurd header", huge, ErrTooLarge, "more than"},
		{"truncated gzip", gzGood[:len(gzGood)-10], ErrFormat, "truncated gzip"},
		{"corrupt gzip", corrupt, ErrFormat, ""},
		{"gzip checksum", badCRC, ErrFormat, "gzip"},
		{"gzip header only", gzGood[:5], ErrFormat, "gzip"},
	}
	for _, c := range cases {
		_, err := ReadIDX(bytes.NewReader(c.in))
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want %v containing %q", c.name, err, c.want, c.msg)
		}
	}
}

// A header may declare up to MaxIDXBytes; a file that does not back it up
// must fail after allocating in proportion to what it holds, not what it
// declares.
func TestReadIDXLyingHeaderDoesNotAllocate(t *testing.T) {
	lie := []byte{0, 0, 8, 3, 0, 0, 0xea, 0x60, 0, 0, 0, 28, 0, 0, 0, 28} // 60000×28×28 = 47 MB
	lie = append(lie, make([]byte, 1000)...)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ReadIDX(bytes.NewReader(lie))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrFormat) {
		t.Fatalf("got %v, want ErrFormat", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("allocated %d bytes for a 1 kB file declaring 47 MB", got)
	}
	if _, err := ReadIDX(bytes.NewReader(gz(t, lie))); !errors.Is(err, ErrFormat) {
		t.Errorf("gzip: got %v, want ErrFormat", err)
	}
}

func TestWriteIDXErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteIDX(&buf, []int{2, 2}, []byte{1, 2, 3}); !errors.Is(err, ErrFormat) {
		t.Errorf("size mismatch: %v", err)
	}
	if err := WriteIDX(&buf, nil, nil); !errors.Is(err, ErrFormat) {
		t.Errorf("no dims: %v", err)
	}
	if err := WriteIDX(&buf, []int{-1}, nil); !errors.Is(err, ErrFormat) {
		t.Errorf("negative dim: %v", err)
	}
}

func TestReadMNISTSynthetic(t *testing.T) {
	px := make([]byte, 4*2*3)
	for i := range px {
		px[i] = byte(i * 10)
	}
	img := idxBytes(t, []int{4, 2, 3}, px)
	lab := idxBytes(t, []int{4}, []byte{3, 5, 7, 3})
	m, err := ReadMNIST(bytes.NewReader(gz(t, img)), bytes.NewReader(lab))
	if err != nil {
		t.Fatal(err)
	}
	if m.Len() != 4 || m.Dim() != 6 || m.Rows != 2 || m.Cols != 3 {
		t.Fatalf("shape %d×%d (%d×%d)", m.Len(), m.Dim(), m.Rows, m.Cols)
	}
	ds, err := m.Pair(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != 3 || ds.Label(0) != -1 || ds.Label(1) != 1 || ds.Label(2) != -1 {
		t.Fatalf("labels %v", ds.Labels())
	}
	if got := ds.Row(1)[2]; got != 80.0/255 {
		t.Errorf("pixel: %v, want %v", got, 80.0/255)
	}
	if ds.Names()[5] != "px5" {
		t.Errorf("names %v", ds.Names())
	}
	rev, _ := m.Pair(5, 3)
	if rev.Label(0) != 1 || rev.Label(1) != -1 {
		t.Errorf("5v3 labels %v", rev.Labels())
	}
	if _, err := m.Pair(3, 3); !errors.Is(err, ErrName) {
		t.Errorf("3v3: %v", err)
	}
	if _, err := m.Pair(0, 1); err == nil {
		t.Error("0v1 on data without 0 or 1: no error")
	}
	all, err := m.Dataset()
	if err != nil || all.Label(2) != 7 {
		t.Errorf("Dataset: %v %v", err, all)
	}
	df, err := m.PairFrame(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := df.Dims(); r != 3 || c != 7 {
		t.Errorf("frame dims %d×%d", r, c)
	}
	if got := df.Col("label").Float(); got[1] != 1 {
		t.Errorf("frame labels %v", got)
	}
	if got := df.Col("px2").Float()[1]; got != 80.0/255 {
		t.Errorf("frame px2 %v", got)
	}
	both, err := m.Concat(m)
	if err != nil || both.Len() != 8 || both.Counts()[3] != 4 {
		t.Errorf("Concat: %v %v", err, both.Counts())
	}
}

func TestReadMNISTErrors(t *testing.T) {
	img := idxBytes(t, []int{2, 1, 1}, []byte{1, 2})
	cases := map[string][2][]byte{
		"count mismatch":  {img, idxBytes(t, []int{3}, []byte{1, 2, 3})},
		"label not digit": {img, idxBytes(t, []int{2}, []byte{1, 10})},
		"images 1-D":      {idxBytes(t, []int{2}, []byte{1, 2}), idxBytes(t, []int{2}, []byte{1, 2})},
		"labels 2-D":      {img, idxBytes(t, []int{2, 1}, []byte{1, 2})},
		"bad labels":      {img, []byte{1, 2, 3, 4}},
	}
	for name, c := range cases {
		if _, err := ReadMNIST(bytes.NewReader(c[0]), bytes.NewReader(c[1])); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestAllPairs(t *testing.T) {
	p := AllPairs()
	if len(p) != 45 || p[0] != (Pair{0, 1}) || p[44] != (Pair{8, 9}) || p[1].String() != "0v2" {
		t.Errorf("AllPairs: %d pairs, %v ... %v", len(p), p[0], p[44])
	}
}
