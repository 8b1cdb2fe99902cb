// Package datasets loads the real data sets of the papers (MNIST digit
// pairs, Covertype one-vs-rest, CT-slice regression) as lao.Dataset values
// (contiguous float64 rows) or as O(d)-memory lao.Source streams, finding
// the files in a data directory or downloading them into a per-user cache
// with sha256 verification.
//
// Where files come from. If LAO_DATA_DIR is set (Loader.DataDir), files are
// read from there and never downloaded; otherwise from the cache directory
// (LAO_CACHE_DIR, else os.UserCacheDir()/lao), which is filled on first use
// from the URLs of Files(), with a progress bar on standard error (silenced
// by LAO_QUIET=1, or Loader.Progress = nil). Both directories have the layout
//
//	mnist/train-images-idx3-ubyte.gz   mnist/train-labels-idx1-ubyte.gz
//	mnist/t10k-images-idx3-ubyte.gz    mnist/t10k-labels-idx1-ubyte.gz
//	covertype/covtype.data.gz          (or covtype.data)
//	ctslice/slice_localization_data.csv (or slice_localization_data.csv.gz)
//
// Each file may also sit directly in the directory, and each may be stored
// gzip-compressed or plain, whatever its name says (gzip is recognised by its
// magic bytes). Downloads go to a temporary file in the same directory, are
// verified (sha256 of the download and/or of the decompressed content when
// the table has one, and a full parse with the expected row count), and only
// then renamed into place: a half-written file is never used. MNIST files
// are verified by the sha256 of their decompressed content, also when read
// from LAO_DATA_DIR (so a re-compressed copy is accepted), Covertype by the
// sha256 of covtype.data.gz, and CT-slice, for which no published checksum
// was found, by format only (header, 386 columns, 53,500 rows).
//
// Conventions. MNIST pixels are pixel/255 in [0, 1], attributes px0 …
// px783; a pair "3v5" labels 3 as −1 and 5 as +1 (seeds 000-002); named
// pairs pool train and test (70,000 images) as the papers do before splitting
// at random. Covertype: 54 unscaled attributes, y = +1 for the chosen cover
// type and −1 for the rest (Kukliansky & Shamir 2015, which does not state any scaling; use
// MaxAbsScale or ":scaled" for attributes in [−1, 1]). CT-slice: 384
// attributes value0 … value383, y = reference, patientId dropped.
//
// Streams: NewCovertypeSource and NewCTSliceSource parse one row per Next
// from any io.Reader, with the length given by the caller (or -1);
// Loader.CovertypeSource and Loader.CTSliceSource count the lines in a cheap
// first pass so that lao.Fit knows m.
//
// Synthetic problems with a known covariance, so the excess risk of any w is
// exact: SignModel (x uniform on {−1, +1}^d) and SpikedSignModel (one
// strong direction, ||x||₂ ≤ 1); Demo is the problem of `lao demo`.
//
// Example:
//
//	ds, err := datasets.Open("mnist:3v5") // 13,454 × 784, y ∈ {−1, +1}
//	if err != nil {
//		log.Fatal(err)
//	}
//	res, err := lao.Fit(solver, ds.Stream(), lao.Options{Seed: 1})
package datasets
