import { useId, useState } from 'react';
import { isOpenTodo } from '../core/todos/todoTypes';
import { useBaton } from '../state/store/useBaton';
import { Icon } from './icons/Icon';
import './todos.css';

const STATUS_LABEL = { pending: 'To do', in_progress: 'In progress', completed: 'Done' } as const;

/**
 * The model's todo list, shown only while there is one (App leaves its column out
 * otherwise). Its heading folds it down to a narrow strip, for more room for the chat.
 */
export function TodosPanel() {
  const todos = useBaton((s) => s.todos);
  const [collapsed, setCollapsed] = useState(false);
  const listId = useId();
  const open = todos.filter(isOpenTodo).length;
  return (
    <aside className={`todos${collapsed ? ' todos-collapsed' : ''}`} aria-label="Todos">
      <h2>
        <button
          type="button"
          className="todos-heading icon-button"
          aria-expanded={!collapsed}
          aria-controls={listId}
          title={collapsed ? 'Show the todos' : 'Fold the todos away'}
          onClick={() => setCollapsed((was) => !was)}
        >
          <Icon name="todos" />
          <span className="todos-title">Todos</span>
          <span className="todos-count">{open} open</span>
        </button>
      </h2>
      <ul className="todo-list" id={listId} hidden={collapsed}>
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
    </aside>
  );
}
