// join_quals.cpp: the walk over a statement's join-tree clauses that the time-predicate rewrite
// and the column bounds share (join_quals.hpp).
#include "join_quals.hpp"

extern "C" {
#include "nodes/nodeFuncs.h"
}

namespace uuidx_planner {

namespace {

struct Walk {
  Query* query;
  QualRewrite rewrite;
  void* arg;
};

bool walker(Node* node, void* context) {
  if (node == nullptr) return false;
  Walk* walk = static_cast<Walk*>(context);
  if (IsA(node, Query)) {
    Query* query = reinterpret_cast<Query*>(node);
    Walk inner = {query, walk->rewrite, walk->arg};
#if PG_VERSION_NUM >= 170000
    // From 17 on MERGE keeps its ON condition here, not in the join tree; like a JOIN ... ON, a
    // row matches when it is true.
    if (query->commandType == CMD_MERGE)
      query->mergeJoinCondition = inner.rewrite(query->mergeJoinCondition, query, inner.arg);
#endif
    return query_tree_walker(query, UUIDX_TREE_WALKER(walker), &inner, 0);
  }
  if (IsA(node, FromExpr)) {
    FromExpr* f = reinterpret_cast<FromExpr*>(node);
    f->quals = walk->rewrite(f->quals, walk->query, walk->arg);
  } else if (IsA(node, JoinExpr)) {
    JoinExpr* j = reinterpret_cast<JoinExpr*>(node);
    j->quals = walk->rewrite(j->quals, walk->query, walk->arg);
  }
  return expression_tree_walker(node, UUIDX_TREE_WALKER(walker), context);
}

}  // namespace

void rewrite_join_quals(Query* parse, QualRewrite rewrite, void* arg) {
  Walk walk = {parse, rewrite, arg};
  walker(reinterpret_cast<Node*>(parse), &walk);
}

}  // namespace uuidx_planner
