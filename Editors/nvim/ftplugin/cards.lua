-- Settings for `.cards` buffers: the canonical style's indentation, comments, and format on
-- save through `cardc fmt -` (see lua/cards/init.lua).
vim.bo.shiftwidth = 2
vim.bo.tabstop = 2
vim.bo.softtabstop = 2
vim.bo.expandtab = true
vim.bo.textwidth = 100
vim.bo.commentstring = '// %s'
vim.bo.comments = 's1:/*,mb:*,ex:*/,:///,://'

require('cards').attach(vim.api.nvim_get_current_buf())

-- The language server (diagnostics, completion, hover, …): see lua/cards/lsp.lua.
-- `vim.g.cards_lsp = false` leaves it off.
if vim.g.cards_lsp ~= false then
  require('cards.lsp').start(vim.api.nvim_get_current_buf())
end
