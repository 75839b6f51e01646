import type MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/** A block token with the tokens between its open and close tokens as children. */
export interface TokenNode {
  token: Token;
  children: TokenNode[];
}

/** markdown-it's flat block token stream (open ... close) as a tree. */
export function tokenTree(tokens: Token[]): TokenNode[] {
  const root: TokenNode[] = [];
  const stack: TokenNode[][] = [root];
  for (const token of tokens) {
    const siblings = stack[stack.length - 1];
    if (token.nesting === 1) {
      const node: TokenNode = { token, children: [] };
      siblings.push(node);
      stack.push(node.children);
    } else if (token.nesting === -1) {
      if (stack.length > 1) stack.pop();
    } else {
      siblings.push({ token, children: [] });
    }
  }
  return root;
}
