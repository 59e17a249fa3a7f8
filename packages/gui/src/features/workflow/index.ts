// What other features use of workflows: the entry overview's card and whether it has one to show.
export { WorkflowCard } from './WorkflowCard.tsx';
export { hasWorkflowSections } from './visibility.ts';
