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

-- Language server: `cardc lsp` does not exist yet. When it does, this is the block to
-- uncomment (Neovim 0.8 or later); it also formats, so format on save can then use
-- `vim.lsp.buf.format()` instead of `cardc fmt -`:
--
-- vim.lsp.start({
--   name = 'cardc',
--   cmd = { 'cardc', 'lsp' },
--   root_dir = vim.fs.dirname(vim.fs.find({ 'Package.swift', '.git' }, { upward = true })[1]),
-- })
