-- Starts `cardc lsp` for `.cards` buffers: diagnostics, completion, hover, signature help,
-- go to definition, references, rename, code actions, symbols, code lenses, semantic tokens,
-- folding ranges, document links and inlay hints (whichever the Neovim version supports).
-- Works with Neovim 0.7 and later.
--
--   vim.g.cards_cardc = 'cardc'   -- the executable (a name on PATH or a path)
--   require('cards.lsp').start()  -- for the current buffer (ftplugin/cards.lua calls it)
--   vim.g.cards_codelens = false  -- no code lenses (the stacks showing a card, its pushers)
local M = {}

-- The project root: the nearest folder above the file holding Package.swift or .git, else
-- the file's own folder.
function M.root_dir(path)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  local found = vim.fn.finddir('.git', dir .. ';')
  if found == '' then
    local package = vim.fn.findfile('Package.swift', dir .. ';')
    if package ~= '' then return vim.fn.fnamemodify(package, ':p:h') end
    return dir
  end
  return vim.fn.fnamemodify(found, ':p:h:h')
end

-- Neovim's capabilities, saying it shows code lenses when this runtime asks for them (Neovim
-- does not declare them itself): without, the server puts a card's stacks and pushers in an
-- inlay hint instead, and both would show.
function M.capabilities()
  local capabilities = vim.lsp.protocol.make_client_capabilities()
  if vim.g.cards_codelens ~= false then
    capabilities.textDocument = capabilities.textDocument or {}
    capabilities.textDocument.codeLens = { dynamicRegistration = false }
  end
  return capabilities
end

-- The client's configuration for a buffer.
function M.config(bufnr)
  local path = vim.api.nvim_buf_get_name(bufnr)
  return {
    name = 'cardc',
    cmd = { vim.g.cards_cardc or 'cardc', 'lsp' },
    capabilities = M.capabilities(),
    root_dir = M.root_dir(path ~= '' and path or vim.fn.getcwd() .. '/x.cards'),
    -- The terminal preview of a card on hover is this many columns wide.
    init_options = { previewWidth = 60 },
    on_attach = function(_, attached) M.refresh_codelens(attached) end,
  }
end

-- Code lenses above each card, refreshed when the buffer is entered, left in normal mode or
-- written (Neovim asks for them only when told to).
function M.codelens(bufnr)
  if vim.g.cards_codelens == false or not vim.api.nvim_create_autocmd then return end
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
    group = vim.api.nvim_create_augroup('cards_codelens_' .. bufnr, { clear = true }), -- once per buffer
    buffer = bufnr,
    callback = function() M.refresh_codelens(bufnr) end,
  })
end

-- Asks for the buffer's code lenses once a server that gives them is running: asked before,
-- Neovim 0.7 waits for an answer that never comes and stops asking.
function M.refresh_codelens(bufnr)
  if vim.g.cards_codelens == false or bufnr ~= vim.api.nvim_get_current_buf() then return end
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    local capabilities = client.server_capabilities or {}
    if client.initialized ~= false and capabilities.codeLensProvider then
      pcall(vim.lsp.codelens.refresh)
      return
    end
  end
end

-- Starts (or reuses) the server and attaches it to the buffer; returns the client id.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local config = M.config(bufnr)
  M.codelens(bufnr)
  if vim.lsp.start then -- Neovim 0.8+: reuses a client with the same name and root
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  -- Neovim 0.7: one client per root, attached by hand.
  M.clients = M.clients or {}
  local id = M.clients[config.root_dir]
  if id == nil or vim.lsp.get_client_by_id(id) == nil then
    id = vim.lsp.start_client(config)
    M.clients[config.root_dir] = id
  end
  if id then vim.lsp.buf_attach_client(bufnr, id) end
  return id
end

return M
