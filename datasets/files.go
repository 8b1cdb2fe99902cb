package datasets

import (
	"errors"
	"slices"
)

// Sentinel errors; the errors returned by this package wrap them (test with
// errors.Is). Empty tables wrap lao.ErrEmpty and NaN/Inf cells lao.ErrNotFinite.
var (
	// ErrFormat: a file or stream is not in the expected format (bad IDX
	// magic, dimensions that do not match the payload, ragged CSV rows,
	// non-numeric cells, truncated or corrupt gzip, ...).
	ErrFormat = errors.New("datasets: malformed data")
	// ErrTooLarge: an IDX header declares more data than MaxIDXBytes.
	ErrTooLarge = errors.New("datasets: declared size too large")
	// ErrChecksum: the sha256 of a file (or of its decompressed content)
	// differs from the one in the file table.
	ErrChecksum = errors.New("datasets: checksum mismatch")
	// ErrNotFound: a data file is not in LAO_DATA_DIR (or in the cache with
	// downloads disabled).
	ErrNotFound = errors.New("datasets: data file not found")
	// ErrDownload: no mirror delivered a valid copy of a file.
	ErrDownload = errors.New("datasets: download failed")
	// ErrName: Open was given a data set name it does not understand.
	ErrName = errors.New("datasets: bad data set name")
)

// File describes one data file: where it lives in a data or cache directory,
// where it can be downloaded from, and how it is verified.
//
// A file is looked for as Dataset/Name and as Name directly under the
// directory, each both as Name and in its other compression form (Name
// without ".gz" if Name ends in ".gz", else Name+".gz").
type File struct {
	// Dataset is "mnist", "covertype" or "ctslice"; it is also the
	// sub-directory of the data and cache directories.
	Dataset string
	// Name is the file name as stored (after extraction of Member).
	Name string
	// URLs are the download mirrors, tried in order.
	URLs []string
	// SHA256 is the hex sha256 of the downloaded bytes (which are then stored
	// as Name, unless Member is set); empty if unknown. It is only checked
	// against a stored file whose name is exactly Name.
	SHA256 string
	// ContentSHA256 is the hex sha256 of the decompressed content; empty if
	// unknown. It is checked whatever the compression of the stored file.
	ContentSHA256 string
	// Member, if not empty, says the download is a zip archive whose member
	// with this base name is extracted and stored as Name.
	Member string
	// Rows is the expected number of records (IDX items, or CSV data rows
	// without the header); 0 means not checked.
	Rows int
}

// MNIST mirrors: PyTorch's (torchvision's first choice), TensorFlow's, and
// Yann LeCun's original page (which now often refuses plain downloads).
var mnistMirrors = []string{
	"https://ossci-datasets.s3.amazonaws.com/mnist/",
	"https://storage.googleapis.com/cvdf-datasets/mnist/",
	"http://yann.lecun.com/exdb/mnist/",
}

func mnistFile(name, contentSHA string, rows int) File {
	urls := make([]string, len(mnistMirrors))
	for i, m := range mnistMirrors {
		urls[i] = m + name
	}
	return File{Dataset: "mnist", Name: name, URLs: urls, ContentSHA256: contentSHA, Rows: rows}
}

// files is the URL and checksum table. The MNIST content checksums were
// computed from the genuine files (verified against the published
// contents); the
// Covertype archive checksum is the one scikit-learn's fetch_covtype uses
// for the same file (also used by other loaders with the UCI URL); no
// published checksum of the CT-slice archive was found, so that file is
// verified by format only (column names and count, 53500 rows).
var files = []File{
	mnistFile("train-images-idx3-ubyte.gz", "ba891046e6505d7aadcbbe25680a0738ad16aec93bde7f9b65e87a2fc25776db", 60000),
	mnistFile("train-labels-idx1-ubyte.gz", "65a50cbbf4e906d70832878ad85ccda5333a97f0f4c3dd2ef09a8a9eef7101c5", 60000),
	mnistFile("t10k-images-idx3-ubyte.gz", "0fa7898d509279e482958e8ce81c8e77db3f2f8254e26661ceb7762c4d494ce7", 10000),
	mnistFile("t10k-labels-idx1-ubyte.gz", "ff7bcfd416de33731a308c3f266cc351222c34898ecbeaf847f06e48f7ec33f2", 10000),
	{
		Dataset: "covertype",
		Name:    "covtype.data.gz",
		URLs: []string{
			"https://archive.ics.uci.edu/ml/machine-learning-databases/covtype/covtype.data.gz",
			"https://ndownloader.figshare.com/files/5976039",
		},
		SHA256: "614360d0257557dd1792834a85a1cdebfadc3c4f30b011d56afee7ffb5b15771",
		Rows:   581012,
	},
	{
		Dataset: "ctslice",
		Name:    "slice_localization_data.csv",
		URLs: []string{
			"https://archive.ics.uci.edu/ml/machine-learning-databases/00206/slice_localization_data.zip",
		},
		Member: "slice_localization_data.csv",
		Rows:   53500,
	},
}

// Files returns a copy of the built-in table of data files with their
// download URLs and checksums.
func Files() []File {
	out := make([]File, len(files))
	for i, f := range files {
		f.URLs = slices.Clone(f.URLs)
		out[i] = f
	}
	return out
}
