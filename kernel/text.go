package kernel

import (
	"fmt"
	"os"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/protocol"
)

// Printf formats like fmt.Printf and prints the text in the cell's output.
// In a notebook the text travels the same way as tables and plots (GoNB's
// display channel), so it appears in the order the cell produced it: text
// written with fmt.Printf goes through the program's stdout, which GoNB
// forwards separately, and can overtake or trail a table displayed just
// before or after it. Outside a notebook it writes to os.Stdout.
func Printf(format string, args ...any) { Print(fmt.Sprintf(format, args...)) }

// Println formats like fmt.Println; see Printf.
func Println(args ...any) { Print(fmt.Sprintln(args...)) }

// Print prints text as it is; see Printf.
func Print(text string) {
	if !IsNotebook() {
		fmt.Fprint(os.Stdout, text)
		return
	}
	if text == "" {
		return
	}
	gonbui.SendData(&protocol.DisplayData{Data: map[protocol.MIMEType]any{protocol.MIMETextPlain: text}})
	flushDisplay()
}
