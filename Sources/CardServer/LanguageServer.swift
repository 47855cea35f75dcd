// placeholder removed once the server lands
