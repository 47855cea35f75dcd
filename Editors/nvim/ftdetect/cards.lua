-- `.cards` files are the `cards` filetype. An autocommand rather than vim.filetype.add, which
-- Neovim 0.7 ignores unless g:do_filetype_lua is set.
vim.api.nvim_create_autocmd({ 'BufRead', 'BufNewFile' }, { pattern = '*.cards', command = 'setfiletype cards' })
