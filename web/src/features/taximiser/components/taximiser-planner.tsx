import { useState } from 'react';
import { Button, Form, Input, Select, Typography } from 'antd';
import { percentProblem, planAmountProblem } from '@gains/access';
import {
  ACTION_LABELS,
  EXCLUDE_LABELS,
  INCLUDE_LABELS,
  TAXIMISER_ACTIONS,
  TAXIMISER_EXCLUDES,
  TAXIMISER_INCLUDES,
  actionTarget,
  type TaximiserAction,
  type TaximiserExclude,
  type TaximiserInclude,
} from '../api/plan';

export interface PlannerChoice {
  action: TaximiserAction;
  amount?: string;
  percent?: string;
  include: TaximiserInclude;
  includePercent?: string;
  exclude: TaximiserExclude;
}

/** The planner's field problems (seed 000 §5), by field; empty when the plan may be sent. */
export function plannerProblems(input: {
  action: TaximiserAction;
  target: string;
  include: TaximiserInclude;
  includePercent: string;
}): Partial<Record<'target' | 'includePercent', string>> {
  const problems: Partial<Record<'target' | 'includePercent', string>> = {};
  const target = actionTarget(input.action);
  if (target?.field === 'amount') {
    const problem = planAmountProblem(input.target, target.label);
    if (problem) problems.target = problem;
  }
  if (target?.field === 'percent') {
    const problem = percentProblem(input.target, target.label);
    if (problem) problems.target = problem;
  }
  if (input.include === 'PERCENT_OF_ALL') {
    const problem = percentProblem(input.includePercent, 'Percent of all holdings');
    if (problem) problems.includePercent = problem;
  }
  return problems;
}

const plain = (text: string) => text.trim().replace(/,/g, '');

/** The planner panel: an action and its target, which holdings to include and exclude, and Plan. */
export function TaximiserPlanner({ disabled, onPlan }: { disabled: boolean; onPlan: (choice: PlannerChoice) => void }) {
  const [action, setAction] = useState<TaximiserAction>('HARVEST_ANNUAL_EXEMPTION');
  const [target, setTarget] = useState('');
  const [include, setInclude] = useState<TaximiserInclude>('NONE');
  const [includePercent, setIncludePercent] = useState('');
  const [exclude, setExclude] = useState<TaximiserExclude>('NONE');
  const [touched, setTouched] = useState(false);
  const targetField = actionTarget(action);
  const problems = plannerProblems({ action, target, include, includePercent });
  const shown = touched ? problems : {};

  const plan = () => {
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    onPlan({
      action,
      amount: targetField?.field === 'amount' ? plain(target) : undefined,
      percent: targetField?.field === 'percent' ? plain(target) : undefined,
      include,
      includePercent: include === 'PERCENT_OF_ALL' ? plain(includePercent) : undefined,
      exclude,
    });
  };

  return (
    <section className="gains-grid-panel" data-testid="taximiser-planner">
      <Typography.Title level={4} className="gains-taximiser__heading">
        Planner
      </Typography.Title>
      <Form layout="vertical" className="gains-taximiser__planner" onFinish={plan}>
        <Form.Item label="Action" htmlFor="taximiser-action">
          <Select<TaximiserAction>
            id="taximiser-action"
            data-testid="taximiser-action"
            value={action}
            onChange={(next) => {
              setAction(next);
              setTarget('');
              setTouched(false);
            }}
            options={TAXIMISER_ACTIONS.map((a) => ({ value: a, label: ACTION_LABELS[a] }))}
            style={{ width: 280 }}
          />
        </Form.Item>
        {targetField && (
          <Form.Item
            label={targetField.field === 'amount' ? `${targetField.label} (£)` : `${targetField.label} (%)`}
            htmlFor="taximiser-amount"
            validateStatus={shown.target ? 'error' : undefined}
            help={shown.target}
          >
            <Input
              id="taximiser-amount"
              data-testid="taximiser-amount"
              value={target}
              inputMode="decimal"
              onChange={(e) => setTarget(e.target.value)}
              style={{ width: 180 }}
            />
          </Form.Item>
        )}
        <Form.Item label="Include" htmlFor="taximiser-include">
          <Select<TaximiserInclude>
            id="taximiser-include"
            data-testid="taximiser-include"
            value={include}
            onChange={setInclude}
            options={TAXIMISER_INCLUDES.map((i) => ({ value: i, label: INCLUDE_LABELS[i] }))}
            style={{ width: 220 }}
          />
        </Form.Item>
        {include === 'PERCENT_OF_ALL' && (
          <Form.Item
            label="Percent of each holding (%)"
            htmlFor="taximiser-include-percent"
            validateStatus={shown.includePercent ? 'error' : undefined}
            help={shown.includePercent}
          >
            <Input
              id="taximiser-include-percent"
              data-testid="taximiser-include-percent"
              value={includePercent}
              inputMode="decimal"
              onChange={(e) => setIncludePercent(e.target.value)}
              style={{ width: 140 }}
            />
          </Form.Item>
        )}
        <Form.Item label="Exclude" htmlFor="taximiser-exclude">
          <Select<TaximiserExclude>
            id="taximiser-exclude"
            data-testid="taximiser-exclude"
            value={exclude}
            onChange={setExclude}
            options={TAXIMISER_EXCLUDES.map((x) => ({ value: x, label: EXCLUDE_LABELS[x] }))}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Form.Item label=" ">
          <Button type="primary" htmlType="submit" disabled={disabled} data-testid="taximiser-plan">
            Plan
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
