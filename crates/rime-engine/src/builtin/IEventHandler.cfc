/**
 * The interface of an ORM event handler (`ormSettings.eventHandler`), as Lucee and Adobe
 * provide it at `CFIDE.orm.IEventHandler`: the methods Rime's ORM calls with each entity.
 */
interface {
	public void function preLoad( any entity );
	public void function postLoad( any entity );
	public void function preInsert( any entity );
	public void function postInsert( any entity );
	public void function preUpdate( any entity, struct oldData );
	public void function postUpdate( any entity );
	public void function preDelete( any entity );
	public void function postDelete( any entity );
}
