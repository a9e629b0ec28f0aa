import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';

// What the plan tests share: PostgreSQL's plan of a query, flattened to its nodes.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  /** How the node feeds its parent: a SubPlan or InitPlan runs apart from the rows around it. */
  'Parent Relationship'?: string;
  Plans?: PlanNode[];
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** Every node of the plan PostgreSQL (or PGlite, the same planner) makes for `query`. */
export async function planOf(db: Database, query: { getSQL(): SQL }): Promise<PlanNode[]> {
  const result = (await db.execute(sql`EXPLAIN (FORMAT JSON) ${query.getSQL()}`)) as unknown as {
    rows: { 'QUERY PLAN': [{ Plan: PlanNode }] | string }[];
  };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const [explained] = typeof cell === 'string' ? (JSON.parse(cell) as [{ Plan: PlanNode }]) : (cell ?? []);
  if (!explained) throw new Error('EXPLAIN answered no plan');
  return nodes(explained.Plan);
}
