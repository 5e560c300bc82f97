import { useBaton } from '../state/store/useBaton';
import './todos.css';

const STATUS_LABEL = { pending: 'To do', in_progress: 'In progress', completed: 'Done' } as const;

export function TodosPanel() {
  const todos = useBaton((s) => s.todos);
  return (
    <aside className="todos" aria-label="Todos">
      <h2>Todos</h2>
      {todos.length === 0 ? (
        <p className="muted">No todos. Ask the model to plan a task and it will keep a list here.</p>
      ) : (
        <ul className="todo-list">
          {todos.map((todo) => (
            <li key={todo.id} className={`todo todo-${todo.status}`}>
              <span className="todo-status" aria-hidden="true">
                {todo.status === 'completed' ? '☑' : todo.status === 'in_progress' ? '◐' : '☐'}
              </span>
              <span className="visually-hidden">{STATUS_LABEL[todo.status]}: </span>
              <span className="todo-content">{todo.content}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
