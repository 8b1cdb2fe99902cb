# Writes Pima Indians Diabetes (mlbench's PimaIndiansDiabetes2: the UCI
# table with the impossible zeros of glucose, pressure, triceps, insulin and
# mass as NA) as a CSV with the label diabetes as +1 (pos) / -1 (neg):
#   Rscript cmd/bench/costs/pima.R OUT.csv
# Needs Debian's r-cran-mlbench (r-base-core).
library(mlbench)
data(PimaIndiansDiabetes2)
d <- PimaIndiansDiabetes2
d$diabetes <- ifelse(d$diabetes == "pos", 1, -1)
args <- commandArgs(trailingOnly = TRUE)
write.csv(d, args[1], row.names = FALSE, na = "")
