export default function AgentsPage() { return <h1>Agents</h1>; }
