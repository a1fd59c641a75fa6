export default function ChatbotsPage() { return <h1>Chatbots</h1>; }
