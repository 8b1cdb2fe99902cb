package datasets

import (
	"errors"
	"testing"
)

func TestOpenPowerLaw(t *testing.T) {
	ds, err := Open("powerlaw:ridge:-2:m=300:d=40:seed=3")
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != 300 || ds.Dim() != 40 {
		t.Fatalf("got %d × %d, want 300 × 40", ds.Len(), ds.Dim())
	}
	model, _ := NewPowerLawModel(40, -2, false, 3)
	want, _ := model.Sample(300, 4)
	for i := range 300 {
		if ds.Label(i) != want.Label(i) {
			t.Fatalf("row %d: label %g, want %g", i, ds.Label(i), want.Label(i))
		}
	}
	n, err := ParseName("powerlaw:lasso:-0.5")
	if err != nil || n.String() != "powerlaw:lasso:-0.5:m=20000:d=500:seed=1" || !n.PowerLaw.Lasso {
		t.Errorf("ParseName: %+v, %v", n, err)
	}
	for _, bad := range []string{"powerlaw", "powerlaw:ridge", "powerlaw:foo:-1", "powerlaw:ridge:1", "powerlaw:ridge:-1:m=0",
		"powerlaw:ridge:-1:x=3", "powerlaw:ridge:-1:m=99999999:d=99999"} {
		if _, err := ParseName(bad); !errors.Is(err, ErrName) {
			t.Errorf("%q: err %v, want ErrName", bad, err)
		}
	}
}
