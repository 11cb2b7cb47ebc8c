export { createMcpServer, serveStdio, type McpServerOptions, type StdioStreams } from './server.js';
export { TOOLS, MAX_MCP_SCENARIO_RECORDS, type ToolDefinition } from './tools.js';
