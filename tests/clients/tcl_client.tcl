# A real client: Tcl's sqlite3 package (Debian libsqlite3-tcl) loads the
# extension and runs the cases of cases.tsv, checking the answers.
#
#     tclsh tests/clients/tcl_client.tcl build/sudoku
#
# Exits 77 (skipped) when the sqlite3 package is not installed.
if {[catch {package require sqlite3}]} {
    puts "Tcl sqlite3 package missing: skipped"
    exit 77
}
set module [lindex $argv 0]
sqlite3 db :memory:
db enable_load_extension 1
db eval {SELECT load_extension($module)}
db enable_load_extension 0

set passed 0
set failed 0
set f [open [file join [file dirname [info script]] cases.tsv] r]
fconfigure $f -encoding utf-8
while {[gets $f line] >= 0} {
    if {$line eq "" || [string index $line 0] eq "#"} continue
    lassign [split $line "\t"] kind sql expected
    if {[catch {db eval $sql} rows]} {
        set ok [expr {$kind eq "error" && [string first $expected $rows] >= 0}]
        set detail "error $rows, expected $expected"
    } else {
        set got [lindex $rows 0]
        # the Tcl binding returns SQL NULL as an empty string
        if {$got eq "" && $expected eq "NULL"} { set got NULL }
        set ok [expr {$kind eq "value" && $got eq $expected}]
        set detail "got $got, expected $expected"
    }
    if {$ok} { incr passed } else { incr failed; puts "FAILED: $sql\n  $detail" }
}
close $f
db close
puts "$passed passed, $failed failed"
exit [expr {$failed ? 1 : 0}]
