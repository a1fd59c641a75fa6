import { createRoot } from 'react-dom/client';
import remote from './module.js';
const el = document.getElementById('root')!;
createRoot(el).render(<div>standalone {remote.id}</div>);
