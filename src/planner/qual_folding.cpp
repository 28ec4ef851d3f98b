// qual_folding.cpp: a conservative simplifier of quals, used by the time-predicate rewrite
// (time_predicates.cpp) only to find its candidates in the shape the planner's constant folding
// gives a qual. PostgreSQL 19 folds `CASE WHEN at IS NULL THEN false ELSE time(id) >= t END` to the
// bare comparison when `at` is a NOT NULL column, after the planner hook has seen the query; reading
// quals so here lets the rewrite take such a comparison on every major.
//
// The rules, each giving a result equal to its input for every row the qual is evaluated on:
// - `col IS NULL` / `col IS NOT NULL` (not on a row type) is false / true for a column that is
//   never NULL there: a column of a table of this query's FROM whose NOT NULL constraint holds (on
//   18 and later: validated), on the table and on every inheritance child or partition its scan
//   reads, none of them a foreign table (PostgreSQL never checks a foreign table's rows), and not
//   read through the nullable side of an outer join (16 and later: the Var is nulled by no join;
//   15, which does not mark that: the query has no outer join at all);
// - a searched CASE drops the arms whose condition is constant false or NULL (never taken); a
//   first arm whose condition is constant true is the result; with no arm left, the ELSE is;
// - NOT of a constant is the constant negated (NULL stays NULL); NOT NOT x is x;
// - AND / OR drop their arms that are constant true / false, are constant false / true when one
//   arm is, and an AND or OR of one arm is that arm.
// Anything else is left as it is. Nothing is evaluated, no function is called, and only facts
// that a plan already depends on are read: the NOT NULL state of its tables' columns (dropping a
// NOT NULL constraint changes pg_attribute, which invalidates the relation's relcache entry and so
// every cached plan that reads the relation or one of its inheritance children).
//
// Plain C-style code over PostgreSQL's node and catalog APIs: no C++ object with a destructor
// lives in these frames, so an error (longjmp) unwinds nothing.
#include "qual_folding.hpp"

extern "C" {
#include "access/htup_details.h"
#include "catalog/pg_attribute.h"
#include "catalog/pg_class.h"
#include "catalog/pg_inherits.h"
#if PG_VERSION_NUM >= 180000
#include "catalog/pg_constraint.h"
#endif
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "parser/parsetree.h"
#include "utils/lsyscache.h"
#include "utils/syscache.h"
}

namespace {

constexpr int kMaxDepth = 64;

// A boolean constant: `*is_null`, and its value when not NULL.
bool bool_const(const Node* node, bool* is_null, bool* value) {
  if (node == nullptr || !IsA(node, Const)) return false;
  const Const* c = reinterpret_cast<const Const*>(node);
  if (c->consttype != BOOLOID) return false;
  *is_null = c->constisnull;
  *value = !c->constisnull && DatumGetBool(c->constvalue);
  return true;
}

bool is_const_true(const Node* node) {
  bool is_null, value;
  return bool_const(node, &is_null, &value) && !is_null && value;
}

bool is_const_false_or_null(const Node* node) {
  bool is_null, value;
  return bool_const(node, &is_null, &value) && (is_null || !value);
}

// Whether the join tree (or the part of it at `node`) holds a join other than an inner one, or
// something this file does not know (counted as one).
bool has_outer_join(const Node* node) {
  if (node == nullptr || IsA(node, RangeTblRef)) return false;
  if (IsA(node, FromExpr)) {
    const ListCell* lc;
    foreach (lc, reinterpret_cast<const FromExpr*>(node)->fromlist)
      if (has_outer_join(reinterpret_cast<const Node*>(lfirst(lc)))) return true;
    return false;
  }
  if (IsA(node, JoinExpr)) {
    const JoinExpr* j = reinterpret_cast<const JoinExpr*>(node);
    return j->jointype != JOIN_INNER || has_outer_join(j->larg) || has_outer_join(j->rarg);
  }
  return true;
}

// Whether the range table entry `rtindex` is scanned by the join tree at `node`.
bool in_join_tree(const Node* node, int rtindex) {
  if (node == nullptr) return false;
  if (IsA(node, RangeTblRef)) return reinterpret_cast<const RangeTblRef*>(node)->rtindex == rtindex;
  if (IsA(node, FromExpr)) {
    const ListCell* lc;
    foreach (lc, reinterpret_cast<const FromExpr*>(node)->fromlist)
      if (in_join_tree(reinterpret_cast<const Node*>(lfirst(lc)), rtindex)) return true;
    return false;
  }
  if (IsA(node, JoinExpr)) {
    const JoinExpr* j = reinterpret_cast<const JoinExpr*>(node);
    return in_join_tree(j->larg, rtindex) || in_join_tree(j->rarg, rtindex);
  }
  return false;
}

// Whether column `attno` of the table `relid` is NOT NULL by a constraint that holds for every
// row: a heap table or a partitioned one (not a foreign table, whose rows nobody checks), whose
// pg_attribute says NOT NULL; from 18 on, a NOT NULL constraint may be NOT VALID, and only a
// validated (and enforced) one counts. (Before 18 a NOT NULL column is always validated.)
bool column_not_null(Oid relid, AttrNumber attno) {
  const char relkind = get_rel_relkind(relid);
  if (relkind != RELKIND_RELATION && relkind != RELKIND_PARTITIONED_TABLE) return false;
  HeapTuple tuple = SearchSysCache2(ATTNUM, ObjectIdGetDatum(relid), Int16GetDatum(attno));
  if (!HeapTupleIsValid(tuple)) return false;
  const Form_pg_attribute att = reinterpret_cast<Form_pg_attribute>(GETSTRUCT(tuple));
  bool not_null = att->attnotnull && !att->attisdropped;
  ReleaseSysCache(tuple);
#if PG_VERSION_NUM >= 180000
  if (not_null) {
    HeapTuple constraint = findNotNullConstraintAttnum(relid, attno);
    if (!HeapTupleIsValid(constraint)) return false;
    const Form_pg_constraint con = reinterpret_cast<Form_pg_constraint>(GETSTRUCT(constraint));
    not_null = con->convalidated && con->conenforced;
    heap_freetuple(constraint);
  }
#endif
  return not_null;
}

// Whether the column a Var of `query` reads is never NULL in the rows its quals are evaluated on.
bool var_never_null(const Query* query, const Var* var) {
  if (var->varlevelsup != 0 || var->varattno <= 0 || var->varno <= 0 ||
      static_cast<int>(var->varno) > list_length(query->rtable))
    return false;
#if PG_VERSION_NUM >= 160000
  // Above an outer join that may null it, the parser marks the Var with that join.
  if (!bms_is_empty(var->varnullingrels)) return false;
#else
  // 15 does not mark such Vars: any outer join in the query, and nothing is assumed.
  if (has_outer_join(reinterpret_cast<const Node*>(query->jointree))) return false;
#endif
  if (!in_join_tree(reinterpret_cast<const Node*>(query->jointree), static_cast<int>(var->varno))) return false;
  const RangeTblEntry* rte = rt_fetch(var->varno, query->rtable);
  if (rte->rtekind != RTE_RELATION) return false;
  return uuidx_planner::table_column_not_null(rte->relid, rte->inh, var->varattno);
}

Node* fold(Node* node, const Query* query, int depth);

// `x IS [NOT] NULL` over a column that is never NULL here: false (true).
Node* fold_null_test(NullTest* test, const Query* query) {
  if (test->argisrow) return reinterpret_cast<Node*>(test);
  Node* arg = reinterpret_cast<Node*>(test->arg);
  while (arg != nullptr && IsA(arg, RelabelType))
    arg = reinterpret_cast<Node*>(reinterpret_cast<RelabelType*>(arg)->arg);
  if (arg == nullptr || !IsA(arg, Var)) return reinterpret_cast<Node*>(test);
  // A row value is NULL when all its fields are, whatever its column's NOT NULL says.
  if (type_is_rowtype(exprType(arg))) return reinterpret_cast<Node*>(test);
  if (!var_never_null(query, reinterpret_cast<Var*>(arg))) return reinterpret_cast<Node*>(test);
  return makeBoolConst(test->nulltesttype == IS_NOT_NULL, false);
}

Node* fold_bool_expr(BoolExpr* expr, const Query* query, int depth) {
  if (expr->boolop == NOT_EXPR) {
    if (list_length(expr->args) != 1) return reinterpret_cast<Node*>(expr);
    Node* arg = reinterpret_cast<Node*>(linitial(expr->args));
    Node* folded = fold(arg, query, depth + 1);
    bool is_null, value;
    if (bool_const(folded, &is_null, &value)) return makeBoolConst(!value, is_null);
    if (IsA(folded, BoolExpr) && reinterpret_cast<BoolExpr*>(folded)->boolop == NOT_EXPR &&
        list_length(reinterpret_cast<BoolExpr*>(folded)->args) == 1)
      return reinterpret_cast<Node*>(linitial(reinterpret_cast<BoolExpr*>(folded)->args));
    if (folded == arg) return reinterpret_cast<Node*>(expr);
    return reinterpret_cast<Node*>(make_notclause(reinterpret_cast<Expr*>(folded)));
  }
  // AND drops true arms and is false with a false one; OR drops false arms and is true with a
  // true one. A NULL constant arm stays.
  const bool is_and = expr->boolop == AND_EXPR;
  List* kept = NIL;
  bool changed = false;
  const ListCell* lc;
  foreach (lc, expr->args) {
    Node* arg = reinterpret_cast<Node*>(lfirst(lc));
    Node* folded = fold(arg, query, depth + 1);
    if (folded != arg) changed = true;
    bool is_null, value;
    if (bool_const(folded, &is_null, &value) && !is_null) {
      if (value != is_and) return makeBoolConst(value, false);  // AND with false, OR with true
      changed = true;                                           // AND's true, OR's false: dropped
      continue;
    }
    kept = lappend(kept, folded);
  }
  if (!changed) {
    list_free(kept);
    return reinterpret_cast<Node*>(expr);
  }
  if (kept == NIL) return makeBoolConst(is_and, false);
  if (list_length(kept) == 1) return reinterpret_cast<Node*>(linitial(kept));
  return reinterpret_cast<Node*>(is_and ? make_andclause(kept) : make_orclause(kept));
}

// A searched CASE (CASE WHEN cond THEN ... ELSE ... END): the arms are tried in order and the
// first whose condition is true gives the result, so an arm whose condition is never true is
// never taken, and one whose condition is always true ends the CASE. (A CASE with an operand,
// CASE x WHEN v ..., is left alone.)
Node* fold_case(CaseExpr* expr, const Query* query, int depth) {
  if (expr->arg != nullptr) return reinterpret_cast<Node*>(expr);
  List* arms = NIL;
  Node* otherwise = reinterpret_cast<Node*>(expr->defresult);
  bool changed = false;
  bool ended = false;
  const ListCell* lc;
  foreach (lc, expr->args) {
    CaseWhen* when = reinterpret_cast<CaseWhen*>(lfirst(lc));
    Node* condition = fold(reinterpret_cast<Node*>(when->expr), query, depth + 1);
    if (is_const_false_or_null(condition)) {
      changed = true;
      continue;
    }
    Node* result = fold(reinterpret_cast<Node*>(when->result), query, depth + 1);
    if (is_const_true(condition)) {
      otherwise = result;  // the arms after it are never reached
      changed = true;
      ended = true;
      break;
    }
    if (condition != reinterpret_cast<Node*>(when->expr) || result != reinterpret_cast<Node*>(when->result)) {
      CaseWhen* copy = makeNode(CaseWhen);
      copy->expr = reinterpret_cast<Expr*>(condition);
      copy->result = reinterpret_cast<Expr*>(result);
      copy->location = when->location;
      when = copy;
      changed = true;
    }
    arms = lappend(arms, when);
  }
  if (!ended && otherwise != nullptr) {
    Node* folded = fold(otherwise, query, depth + 1);
    if (folded != otherwise) changed = true;
    otherwise = folded;
  }
  if (!changed) {
    list_free(arms);
    return reinterpret_cast<Node*>(expr);
  }
  if (otherwise == nullptr)  // (the parser always writes an ELSE, NULL when none was given)
    otherwise = reinterpret_cast<Node*>(makeNullConst(expr->casetype, -1, expr->casecollid));
  if (arms == NIL) return otherwise;
  CaseExpr* copy = makeNode(CaseExpr);
  copy->casetype = expr->casetype;
  copy->casecollid = expr->casecollid;
  copy->arg = nullptr;
  copy->args = arms;
  copy->defresult = reinterpret_cast<Expr*>(otherwise);
  copy->location = expr->location;
  return reinterpret_cast<Node*>(copy);
}

// The folded form of `node`: a new node where a rule applies below it, `node` itself otherwise.
// Nodes are never changed in place.
Node* fold(Node* node, const Query* query, int depth) {
  if (node == nullptr || depth > kMaxDepth) return node;
  check_stack_depth();
  switch (nodeTag(node)) {
    case T_NullTest:
      return fold_null_test(reinterpret_cast<NullTest*>(node), query);
    case T_BoolExpr:
      return fold_bool_expr(reinterpret_cast<BoolExpr*>(node), query, depth);
    case T_CaseExpr:
      return fold_case(reinterpret_cast<CaseExpr*>(node), query, depth);
    default:
      return node;
  }
}

}  // namespace

namespace uuidx_planner {

Node* fold_for_matching(Node* clause, Query* query) { return fold(clause, query, 0); }

bool table_column_not_null(Oid relid, bool inh, AttrNumber attno) {
  if (!column_not_null(relid, attno)) return false;
  // A partition keeps its parent's NOT NULL (PostgreSQL refuses to drop it, and 18 a NO INHERIT
  // one on a partitioned table).
  if (!inh || get_rel_relkind(relid) == RELKIND_PARTITIONED_TABLE || !has_subclass(relid)) return true;
  // The scan reads the children too: each must hold the column NOT NULL (before 18 an inheritance
  // child may drop an inherited NOT NULL; 18's may be NO INHERIT), found by name as its number
  // may differ. Every child the plan reads is among its relations, so a change of one plans again.
  char* name = get_attname(relid, attno, true);
  if (name == nullptr) return false;
  List* members = find_all_inheritors(relid, NoLock, nullptr);
  bool all = true;
  const ListCell* lc;
  foreach (lc, members) {
    const Oid member = lfirst_oid(lc);
    if (member == relid) continue;
    const AttrNumber member_attno = get_attnum(member, name);
    if (member_attno == InvalidAttrNumber || !column_not_null(member, member_attno)) {
      all = false;
      break;
    }
  }
  list_free(members);
  pfree(name);
  return all;
}

}  // namespace uuidx_planner
