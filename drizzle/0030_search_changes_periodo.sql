-- The search index compares a temporada price per night, a weekly one as its seventh
-- (nightlyPrice, app/server/search/filters.server.ts; decision 037), so the period is a column
-- the search reads: a write of periodo_aluguel alone must enter the change log (migration 0002)
-- like a write of the price, or the index would keep comparing the old period. So are a
-- listing's point and how much of its address shows (the map's pins and the search by area:
-- latitude, longitude, visibilidade_endereco), which the trigger of migration 0002 also missed.
DROP TRIGGER "properties_changes_update" ON "properties";--> statement-breakpoint
CREATE TRIGGER properties_changes_update AFTER UPDATE OF
  referencia, titulo, descricao, tipo, finalidades, preco_venda, preco_aluguel, periodo_aluguel,
  preco_sob_consulta, quartos, suites, vagas, area_util, area_total, mobiliado, aceita_pet,
  comodidades, bairro, cidade, status, publicacao, destaque, published_at, latitude, longitude,
  visibilidade_endereco
  ON properties FOR EACH ROW EXECUTE FUNCTION property_changes_updated();
