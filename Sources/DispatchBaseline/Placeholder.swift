// placeholder until the dispatch baseline lands
