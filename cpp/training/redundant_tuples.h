// Redundant tuples (Jaskowski 2018, "redundant encoding"): small tuples whose
// cells all lie in one of the network's large tuples, trained beside them. A
// small tuple's weight is shared by every board that agrees on its few cells,
// so what one board teaches reaches boards the large tuples have not seen yet;
// and it costs the page nothing: after training, each small tuple is folded
// into a large tuple that holds its cells (every entry of the large tuple
// gains the small tuple's weight for the cells it shares), which values every
// board the same with the large tuples alone.
#pragma once

#include <string>

#include "network/ntuple.h"

namespace g2048 {

// net's tuples followed by the tuples of spec (hex cells, as
// NTupleLayout::parse reads), same stages, the new weights at zero: every
// board keeps its value. Each new tuple must lie inside one of net's tuples
// and not be there already. False and a message otherwise.
bool with_redundant_tuples(const NTupleNetwork& net, const std::string& spec, NTupleNetwork* out,
                           std::string* error);

// The network without its redundant tuples: each tuple whose cells all lie in
// an earlier or larger tuple that is not itself redundant is added into the
// first such tuple, entry by entry. Boards keep their values (up to float
// rounding). A network with no redundant tuple comes back as it is.
NTupleNetwork fold_redundant_tuples(const NTupleNetwork& net);

// How many of the layout's tuples fold_redundant_tuples would fold away.
int redundant_tuple_count(const NTupleLayout& layout);

}  // namespace g2048
