export default function AgentTestPage() { return <h1>Agent Test</h1>; }
