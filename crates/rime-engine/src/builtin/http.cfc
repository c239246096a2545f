/**
 * Rime's built-in `http` component, as Lucee's (`new http()`, `org.lucee.cfml.Http`): the
 * `<cfhttp>` tag as an object. Its attributes come from `init`'s named arguments or `setXxx()`,
 * its parameters from `addParam()`; `send()` makes the request and returns an object whose
 * `getPrefix()` is the `cfhttp` result struct.
 */
component {
	variables.attributes = {};
	variables.params = [];

	function init() {
		structAppend( variables.attributes, arguments );
		return this;
	}

	function addParam() {
		arrayAppend( variables.params, duplicate( arguments ) );
		return this;
	}

	function getParams() {
		return variables.params;
	}

	function getAttributes() {
		return variables.attributes;
	}

	function clearParams() {
		variables.params = [];
		return this;
	}

	function clearAttributes() {
		variables.attributes = {};
		return this;
	}

	function clear() {
		clearParams();
		return clearAttributes();
	}

	/** `setUrl(u)` sets the attribute `url`, `getUrl()` reads it back. */
	function onMissingMethod( missingMethodName, missingMethodArguments ) {
		var prefix = left( missingMethodName, 3 );
		var attribute = mid( missingMethodName, 4, len( missingMethodName ) );
		if ( len( attribute ) && prefix == "set" ) {
			variables.attributes[ attribute ] = missingMethodArguments[ 1 ];
			return this;
		}
		if ( len( attribute ) && prefix == "get" ) {
			return variables.attributes[ attribute ] ?: "";
		}
		throw( type = "expression", message = "The http component has no function [#missingMethodName#]" );
	}

	function send() {
		var attrs = duplicate( variables.attributes );
		attrs.result = "local.prefix";
		cfhttp( attributeCollection = attrs ) {
			for ( var p in variables.params ) {
				cfhttpparam( attributeCollection = p );
			}
		}
		var prefix = local.prefix;
		return { getPrefix: function() { return prefix; } };
	}
}
