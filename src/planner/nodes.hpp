// nodes.hpp: small helpers over PostgreSQL's expression nodes, shared by the planner's files.
#pragma once

#include "../pg/pg.hpp"

extern "C" {
#include "nodes/primnodes.h"
}

namespace uuidx_planner {

// The expression under any binary-compatible casts (RelabelType) around it.
inline Node* strip_relabel(Node* node) {
  while (node && IsA(node, RelabelType)) node = reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(node)->arg);
  return node;
}

}  // namespace uuidx_planner
